/** What antd expects from a browser that jsdom does not have. */
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.assign(window, { ResizeObserver: window.ResizeObserver ?? ResizeObserverStub });

// antd calls getComputedStyle(element, pseudoElement); jsdom does not implement pseudo elements.
const nativeGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => nativeGetComputedStyle(element);

window.scrollTo = () => undefined;
export {};

/**
 * jsdom has the <dialog> element without its methods. What the portal's Dialog relies on, as the
 * HTML standard gives it: showModal() opens it and focuses its first focusable control, close()
 * closes it and fires `close`, and Escape fires a cancelable `cancel` on the last modal dialog,
 * which closes it unless cancelled. Layout (the top layer, inertness) is for the e2e tests.
 */
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';
  const modals: HTMLDialogElement[] = [];
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      if (this.open) return;
      if (!this.isConnected) throw new DOMException('The dialog is not connected', 'InvalidStateError');
      this.setAttribute('open', '');
      modals.push(this);
      const first = this.querySelector<HTMLElement>('[autofocus]') ?? this.querySelector<HTMLElement>(FOCUSABLE);
      first?.focus();
    },
    show(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      if (!this.open) return;
      this.removeAttribute('open');
      modals.splice(modals.indexOf(this), 1);
      setTimeout(() => this.dispatchEvent(new Event('close')), 0);
    },
  });
  Object.defineProperty(HTMLDialogElement.prototype, 'open', {
    configurable: true,
    get(this: HTMLDialogElement) {
      return this.hasAttribute('open');
    },
  });
  window.addEventListener('keydown', (event) => {
    const topmost = modals.filter((dialog) => dialog.isConnected).at(-1);
    if (event.key !== 'Escape' || event.defaultPrevented || !topmost) return;
    if (topmost.dispatchEvent(new Event('cancel', { cancelable: true }))) topmost.close();
  });
}
