export interface MarkdownProps {
  /** Model output, possibly still growing. */
  text: string;
  /** True while more text may arrive: renders are paced to frames and the last block stays provisional. */
  streaming?: boolean;
}
