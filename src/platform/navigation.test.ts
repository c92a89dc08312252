import { createNavigation, type RouterNavigate } from './navigation';

function setup(handled: (url: string) => boolean = (url) => url.startsWith('/loanmanager/')) {
  const loads: string[] = [];
  const routed: string[] = [];
  const navigation = createNavigation((url) => loads.push(url));
  const router: RouterNavigate = { handles: handled, navigate: (url) => routed.push(url) };
  return { navigation, router, loads, routed };
}

describe('the navigation service', () => {
  it('embedded in a foreign page (no router): a full page load', () => {
    const { navigation, loads, routed } = setup();
    navigation.navigate('/loanmanager/login/');
    expect(loads).toEqual(['/loanmanager/login/']);
    expect(routed).toEqual([]);
  });

  it('inside the portal: a router navigation for an address the router knows', () => {
    const { navigation, router, loads, routed } = setup();
    navigation.attachRouter(router);
    navigation.navigate('/loanmanager/login/');
    expect(routed).toEqual(['/loanmanager/login/']);
    expect(loads).toEqual([]);
  });

  it('inside the portal: a full load for an address the router does not know', () => {
    const { navigation, router, loads, routed } = setup((url) => url === '/loanmanager/login/');
    navigation.attachRouter(router);
    navigation.navigate('/loanmanager/eftsetuprequest/');
    expect(loads).toEqual(['/loanmanager/eftsetuprequest/']);
    expect(routed).toEqual([]);
  });

  it('fullReload forces a page load even when the router knows the address', () => {
    const { navigation, router, loads, routed } = setup();
    navigation.attachRouter(router);
    navigation.navigate('/loanmanager/go-green/', { fullReload: true });
    expect(loads).toEqual(['/loanmanager/go-green/']);
    expect(routed).toEqual([]);
  });

  it('after the router detaches, page loads again', () => {
    const { navigation, router, loads, routed } = setup();
    navigation.attachRouter(router);
    navigation.attachRouter(null);
    navigation.navigate('/loanmanager/login/');
    expect(loads).toEqual(['/loanmanager/login/']);
    expect(routed).toEqual([]);
  });

  it('by default a page load is window.location.assign', () => {
    const assign = jest.fn();
    const navigation = createNavigation(assign);
    navigation.navigate('/x');
    expect(assign).toHaveBeenCalledWith('/x');
  });
});
