import { onDemand } from '../common/on-demand';

/**
 * The parts of the chat loaded on demand (components/common/on-demand.tsx), shared by the views that show them and
 * by the start-up code that fetches them ahead. A part that itself shows one declares it where it shows it, so no
 * module loaded here imports this list back.
 */

/** Shown only on first run, when no provider exists. */
export const Onboarding = onDemand(() => import('./Onboarding').then((m) => m.Onboarding));
/** The tool calls of an answer, and the approvals it waits for. */
export const ToolSteps = onDemand(() => import('./ToolSteps').then((m) => m.ToolSteps));
/** What plugins showed in an answer. */
export const PluginOutputs = onDemand(() => import('../plugins/PluginOutputs').then((m) => m.PluginOutputs));
/** The images waiting in the composer. */
export const ImageChips = onDemand(() => import('../images/ImageChips').then((m) => m.ImageChips));
/** Why an image could not be added or sent. */
export const AttachmentNotice = onDemand(() => import('../images/AttachmentNotice').then((m) => m.AttachmentNotice));
/** The images of a sent message. */
export const MessageImages = onDemand(() => import('../images/MessageImages').then((m) => m.MessageImages));
/** The "/" menu's list, from the first "/" typed. */
export const SlashList = onDemand(() => import('./SlashList').then((m) => m.SlashList));
