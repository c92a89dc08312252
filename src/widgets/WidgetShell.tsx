import { StyleProvider } from '@ant-design/cssinjs';
import type { I18n } from '@lingui/core';
// the icon modules antd's own ES build uses: one copy of each in the bundle
import CheckCircleFilled from '@ant-design/icons/es/icons/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons/es/icons/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons/es/icons/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons/es/icons/InfoCircleFilled';
import LoadingOutlined from '@ant-design/icons/es/icons/LoadingOutlined';
import { I18nProvider } from '@lingui/react';
import { ConfigProvider, Spin } from 'antd';
import { Suspense, useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import type { AppStore } from '../app/fullStore';
import { Snackbar } from '../components/Snackbar/Snackbar';
import { messageDismissed, selectSnackbarMessages } from '../state/snackbarSlice';
import { NavigationContext } from '../components/NavigationContext';
import { pageI18n } from '../platform/i18n/pageI18n';
import { useT } from '../platform/i18n/useT';
import { holdFlowsWhileDialogOpens } from '../firstView/dialogHold';
import { pageStyleCache, type StyleCache } from '../firstView/portalStyleCache';
import { PORTAL_ANTD_CONFIG } from './theme';
import { WidgetErrorBoundary } from './WidgetErrorBoundary';

function StoreSnackbar() {
  const dispatch = useAppDispatch();
  const messages = useAppSelector(selectSnackbarMessages);
  const onDismiss = useCallback((id: string) => dispatch(messageDismissed(id)), [dispatch]);
  return <Snackbar messages={messages} onDismiss={onDismiss} />;
}

/**
 * Rendered after the widget inside its Suspense boundary (and with its error, if it fails): its
 * effect runs once the widget's first view is committed (not a loading fallback), and only then
 * is the widget's hold on the page's flows released and the flows asked for.
 * Started from a task of their own: the hydration's commit already runs every effect of the
 * widget in one task, and adding the flows' chunk requests to it made it the page's longest
 * (bench/RESULTS.md, "Main-thread tasks"). A dialog in that first view takes a hold of its own first, until
 * it has opened (src/firstView/dialogHold.ts).
 */
function StartFlowsAfterFirstView({
  store,
  container,
  releaseHold,
}: {
  store: AppStore;
  container?: HTMLElement;
  releaseHold?: () => void;
}) {
  useEffect(() => {
    const releaseDialogHold = holdFlowsWhileDialogOpens(container, store.holdFlows);
    const timer = setTimeout(() => {
      releaseHold?.();
      void store.startFlows();
    }, 0);
    return () => {
      clearTimeout(timer);
      // a widget gone before its first view, or before its dialog opened, holds the page's flows no longer
      releaseHold?.();
      releaseDialogHold();
    };
  }, [store, container, releaseHold]);
  return null;
}

export interface WidgetShellProps {
  store: AppStore;
  widget: string;
  /** The widget's own element: antd popups render inside it. */
  container?: HTMLElement;
  /** Only one widget per page shows the snackbar. */
  withSnackbar?: boolean;
  /** A widget (not the page's snackbar or QA toolbar): its first view starts the store's flows. */
  startsFlows?: boolean;
  /**
   * The release of the hold its mounting took on the page's flows (mountWidget.tsx): released
   * with its first view, so a widget that shows first does not start the flows under another's.
   */
  releaseFlowsHold?: () => void;
  /**
   * Rendered after the widget, in its Suspense boundary, so committed with it (hydrateWidget.tsx).
   * Always a slot of its own, even empty: the widget's place in the tree, and so its `useId`s, are
   * the same with or without it, as a server render and the hydration that follows must have them.
   */
  afterWidget?: ReactNode;
  /** The texts in the page's language (default: the page's instance; a server render passes its own). */
  i18n?: I18n;
  /** antd's style cache (default: the page's, shared by its widgets; a server render passes its own, to collect the styles from). */
  styleCache?: StyleCache;
  children: ReactNode;
}

/**
 * Everything a widget needs around it inside a foreign page: the shared store, antd with its own
 * class prefix (no clash with a host's antd) and high-priority hashed selectors (host element
 * styles do not override it), popups kept inside the widget, and an error boundary.
 */
/**
 * antd names every icon for screen readers by its English file name ("check-circle",
 * "loading"). The alerts' icons only repeat what their text and role say: hidden. A busy
 * button's spinner is its only cue: named in the page's language.
 */
const ALERT_ICONS = {
  successIcon: <CheckCircleFilled aria-hidden />,
  infoIcon: <InfoCircleFilled aria-hidden />,
  warningIcon: <ExclamationCircleFilled aria-hidden />,
  errorIcon: <CloseCircleFilled aria-hidden />,
};

function PortalAntd({ container, children }: { container?: HTMLElement; children: ReactNode }) {
  const t = useT();
  const button = useMemo(() => ({ loadingIcon: <LoadingOutlined aria-label={t('common.loadingShort')} /> }), [t]);
  return (
    <ConfigProvider
      {...PORTAL_ANTD_CONFIG}
      getPopupContainer={container ? () => container : undefined}
      button={button}
      alert={ALERT_ICONS}
    >
      {children}
    </ConfigProvider>
  );
}

function LoadingFallback() {
  const t = useT();
  return <Spin aria-label={t('common.loadingShort')} />;
}

export function WidgetShell({
  store,
  widget,
  container,
  withSnackbar = true,
  startsFlows = false,
  releaseFlowsHold,
  afterWidget = null,
  i18n = pageI18n(),
  styleCache = pageStyleCache,
  children,
}: WidgetShellProps) {
  // a widget that failed shows its error as its first view: the page's flows do not wait for it
  const startFlows = startsFlows ? (
    <StartFlowsAfterFirstView store={store} container={container} releaseHold={releaseFlowsHold} />
  ) : null;
  return (
    <I18nProvider i18n={i18n}>
      <Provider store={store}>
        <NavigationContext.Provider value={store.dependencies.navigation}>
          <StyleProvider cache={styleCache} hashPriority="high">
            <PortalAntd container={container}>
              <WidgetErrorBoundary widget={widget} reporter={store.dependencies.reporter} afterFailure={startFlows}>
                <Suspense fallback={<LoadingFallback />}>
                  {children}
                  {startFlows}
                  {afterWidget}
                </Suspense>
              </WidgetErrorBoundary>
              {withSnackbar ? <StoreSnackbar /> : null}
            </PortalAntd>
          </StyleProvider>
        </NavigationContext.Provider>
      </Provider>
    </I18nProvider>
  );
}
