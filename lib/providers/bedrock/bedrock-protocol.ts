import { AwsRestJsonProtocol } from '@aws-sdk/core/protocols';
import { EventStreamSerde } from '@smithy/core/event-streams';

/**
 * Bedrock Runtime's REST-JSON protocol with its event-stream reader loaded up
 * front. The SDK loads the reader on first use with a dynamic import(), which
 * a service worker refuses ("import() is disallowed on ServiceWorkerGlobalScope");
 * in the extension build the import() also passes through Vite's preload
 * helper, which needs a document. Without this, no streamed answer (neither
 * InvokeModelWithResponseStream nor ConverseStream) could be read in the
 * background. It builds exactly what the SDK's own loader builds.
 */
export class ServiceWorkerRestJsonProtocol extends AwsRestJsonProtocol {
  protected override async loadEventStreamCapability(): Promise<EventStreamSerde> {
    return new EventStreamSerde({
      marshaller: this.getEventStreamMarshaller(),
      serializer: this.serializer,
      deserializer: this.deserializer,
      serdeContext: this.serdeContext,
      defaultContentType: this.getDefaultContentType(),
      compositeErrorRegistry: this.compositeErrorRegistry,
    });
  }
}
