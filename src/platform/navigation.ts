/**
 * The one navigation service. Inside the standalone portal a target the router knows is a
 * router navigation; anything else (a foreign host page, a signed-in server page, or a
 * forced reload) is a full page load.
 */
interface NavigateOptions {
  /** Always a full page load, e.g. after opting out, so the server renders the new state. */
  fullReload?: boolean;
}

export interface Navigation {
  navigate(url: string, options?: NavigateOptions): void;
  /** The address the page was loaded at, as its first view reads it: the browser's, or the request's in a server render. */
  currentUrl(): string;
  /** Set by the portal's router while it is mounted; null when embedded in a foreign page. */
  attachRouter(router: RouterNavigate | null): void;
}

export interface RouterNavigate {
  navigate(url: string): void;
  handles(url: string): boolean;
}

export function createNavigation(
  assign: (url: string) => void = (url) => window.location.assign(url),
  currentUrl: () => string = () => window.location.href,
): Navigation {
  let router: RouterNavigate | null = null;
  return {
    currentUrl,
    navigate(url, options = {}) {
      if (!options.fullReload && router?.handles(url)) router.navigate(url);
      else assign(url);
    },
    attachRouter(next) {
      router = next;
    },
  };
}
