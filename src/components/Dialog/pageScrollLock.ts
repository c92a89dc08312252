/**
 * While a dialog is open the page behind it does not scroll. antd locks the scroll only for dialogs
 * rendered into <body>; ours render inside their widget (ConfigProvider's popup container), so the
 * lock is ours. Counted, so a dialog opening while another closes keeps the page locked.
 */
let locks = 0;
let restore: (() => void) | null = null;

export function lockPageScroll(): () => void {
  locks += 1;
  if (locks === 1) {
    const root = document.documentElement;
    const { body } = document;
    // the scrollbar's width, kept as padding so the page does not shift sideways when it goes
    const scrollbar = window.innerWidth - root.clientWidth;
    const saved = { rootOverflow: root.style.overflow, bodyOverflow: body.style.overflow, bodyPadding: body.style.paddingRight };
    root.style.overflow = 'hidden';
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    restore = () => {
      root.style.overflow = saved.rootOverflow;
      body.style.overflow = saved.bodyOverflow;
      body.style.paddingRight = saved.bodyPadding;
    };
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0) {
      restore?.();
      restore = null;
    }
  };
}
