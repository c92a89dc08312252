/**
 * jsdom plus what the portal needs from Node in tests: fetch and friends (RTK Query), with
 * relative URLs resolved against the page's location, Node's AbortController (undici refuses
 * jsdom's signals), MessageChannel (antd), TextEncoder and structuredClone.
 */
import JSDOMEnvironment from 'jest-environment-jsdom';

type EnvironmentArgs = ConstructorParameters<typeof JSDOMEnvironment>;

export default class PortalJsdomEnvironment extends JSDOMEnvironment {
  /** Node's MessagePorts keep the process alive (React's scheduler opens one): closed on teardown. */
  private readonly channels: MessageChannel[] = [];

  constructor(...args: EnvironmentArgs) {
    super(...args);
    const channels = this.channels;
    class PageMessageChannel extends MessageChannel {
      constructor() {
        super();
        channels.push(this);
      }
    }
    const page = this.global as unknown as typeof globalThis;
    const resolve = (input: RequestInfo | URL) =>
      typeof input === 'string' || input instanceof URL ? new URL(String(input), page.location.href) : input;
    class PageRequest extends Request {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(resolve(input), init);
      }
    }
    Object.assign(page, {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(resolve(input), init),
      Request: PageRequest,
      Response,
      Headers,
      FormData,
      AbortController,
      AbortSignal,
      MessageChannel: PageMessageChannel,
      TextEncoder,
      TextDecoder,
      ReadableStream,
      structuredClone,
    });
  }

  override async teardown() {
    for (const channel of this.channels.splice(0)) {
      channel.port1.close();
      channel.port2.close();
    }
    await super.teardown();
  }
}
