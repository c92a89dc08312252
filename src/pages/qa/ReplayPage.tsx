/**
 * /loanmanager/qa/replay/: open a recording, scrub through it, and see the widget as it was at
 * each step. The widget renders from a replay store (no sagas, the widget's own dispatches
 * dropped, no reachable API), so nothing is sent to the server.
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { Alert, Button, Flex } from 'antd';
import { lazy, useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type ComponentType, type LazyExoticComponent } from 'react';
import { usePortalConfig } from '../../state/hooks';
import { APP_VERSION } from '../../app/recorder/appVersion';
import type { Recording } from '../../app/recorder/recordingFormat';
import { parseRecordingText } from '../../app/recorder/recordingSchema';
import { replayRecording, type ReplayResult } from '../../app/recorder/replay';
import { makeReplayStore, showReplayState, type ReplayStore } from '../../app/recorder/replayStore';
import { portalReducer } from '../../app/recorder/portalReducer';
import type { RootState } from '../../app/rootReducer';
import { useMediaQuery } from '../../components/useMediaQuery';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../platform/i18n/locales';
import type { WidgetName } from '../../platform/widgetCatalog';
import { LoadingStatus } from '../../components/LoadingStatus';
import { Paragraph, Title } from '../../components/Typography/Typography';
import { widgetRegistry } from '../../widgets/registry';
import { WidgetShell } from '../../widgets/WidgetShell';
import { QA_PALETTE } from '../../widgets/qa/qaPalette';
import { REPLAYABLE_WIDGETS, widgetForRecording } from './replayWidgets';

interface Loaded {
  name: string;
  recording: Recording;
  result: ReplayResult<RootState>;
}

const lazyWidgets = new Map<WidgetName, LazyExoticComponent<ComponentType>>();
function widgetComponent(name: WidgetName): LazyExoticComponent<ComponentType> {
  const load = widgetRegistry[name];
  let component = lazyWidgets.get(name);
  if (!component) {
    component = lazy(load);
    lazyWidgets.set(name, component);
  }
  return component;
}

/** FileReader rather than Blob.text(): it works in every browser the QA team uses, and in jsdom. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

function stepLabel(loaded: Loaded, step: number): string {
  const total = loaded.result.states.length - 1;
  if (step === 0) return `Step 0 of ${total}: initial state`;
  return `Step ${step} of ${total}: ${loaded.recording.actions[step - 1]?.action.type ?? ''}`;
}

/** A recording's language (English for older files, or one this build does not speak). */
const recordedLocale = (recording: Recording): Locale => (isLocale(recording.locale) ? recording.locale : DEFAULT_LOCALE);

/**
 * The widgets' texts in the recording's language, whatever this page's: the whole catalog of
 * that language (a QA-only chunk; any widget may be replayed).
 */
function useRecordingI18n(locale: Locale): I18n | null {
  const [i18n, setI18n] = useState<{ locale: Locale; i18n: I18n } | null>(null);
  useEffect(() => {
    let current = true;
    void import(/* webpackChunkName: "qa-i18n-[request]" */ `../../platform/i18n/locales/${locale}.json?ns=*`).then(
      (catalog: { default: Messages }) => {
        if (current) setI18n({ locale, i18n: setupI18n({ locale, messages: { [locale]: catalog.default } }) });
      },
    );
    return () => {
      current = false;
    };
  }, [locale]);
  return i18n?.locale === locale ? i18n.i18n : null;
}

function ReplayedWidget({ loaded, step, widget }: { loaded: Loaded; step: number; widget: WidgetName }) {
  const config = usePortalConfig();
  const storeRef = useRef<{ recording: Recording; store: ReplayStore } | null>(null);
  if (storeRef.current?.recording !== loaded.recording) {
    storeRef.current = { recording: loaded.recording, store: makeReplayStore(loaded.result.states[step] as RootState, config) };
  }
  const { store } = storeRef.current;
  useEffect(() => {
    const state = loaded.result.states[step];
    if (state && store.getState() !== state) showReplayState(store, state);
  }, [loaded, step, store]);
  const locale = recordedLocale(loaded.recording);
  const i18n = useRecordingI18n(locale);
  const Widget = widgetComponent(widget);
  if (!i18n) return <LoadingStatus />;
  return (
    <div lang={locale}>
      <WidgetShell store={store} widget={`replay-${widget}`} i18n={i18n}>
        <Widget />
      </WidgetShell>
    </div>
  );
}

export default function ReplayPage() {
  const inputId = useId();
  const sliderId = useId();
  const widgetSelectId = useId();
  const wide = useMediaQuery('(min-width: 900px)');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState(0);
  const [widget, setWidget] = useState<WidgetName>(REPLAYABLE_WIDGETS[0] ?? 'registration');
  const currentRef = useRef<HTMLButtonElement | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    let text: string;
    try {
      text = await readText(file);
    } catch {
      setLoaded(null);
      setError(`${file.name} could not be read.`);
      return;
    }
    const parsed = parseRecordingText(text);
    if (!parsed.ok) {
      setLoaded(null);
      setError(`${file.name}: ${parsed.message}`);
      return;
    }
    const result = replayRecording(parsed.recording, { reducer: portalReducer, keepStates: true });
    setError(null);
    setLoaded({ name: file.name, recording: parsed.recording, result });
    setWidget(widgetForRecording(parsed.recording));
    setStep(result.states.length - 1);
  };

  const last = loaded ? loaded.result.states.length - 1 : 0;
  const go = (next: number) => setStep(Math.max(0, Math.min(last, next)));

  useEffect(() => {
    currentRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [step]);

  const summary = useMemo(() => {
    if (!loaded) return '';
    const { recording } = loaded;
    const version =
      recording.appVersion === APP_VERSION ? `version ${APP_VERSION}` : `version ${recording.appVersion} (this build is ${APP_VERSION})`;
    return `${recording.actions.length} actions recorded on ${version}, started ${recording.startedAt}${
      recording.page ? ` on ${recording.page}` : ''
    }.`;
  }, [loaded]);

  return (
    <section aria-labelledby={`${inputId}-title`} style={{ padding: 16, maxWidth: 1280, margin: '0 auto' }}>
      <Title level={1} id={`${inputId}-title`} style={{ fontSize: 24 }}>
        Replay a QA recording
      </Title>
      <Paragraph>
        The widget below is rendered from the recorded actions only: nothing is sent to the server, and sensitive
        values show as [redacted].
      </Paragraph>
      <Flex vertical gap={4} style={{ marginBottom: 16 }}>
        <label htmlFor={inputId}>Recording file (.recording.json)</label>
        <input id={inputId} type="file" accept=".json,application/json" onChange={(event) => void onFile(event)} />
      </Flex>
      {error ? <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} /> : null}
      {loaded ? (
        <>
          <Paragraph>
            <strong>{loaded.name}</strong>: {summary}
          </Paragraph>
          {loaded.result.failure ? (
            <Alert
              type="warning"
              showIcon
              role="alert"
              title="This recording no longer replays completely"
              description={`${loaded.result.failure.message} The steps before it can be viewed.`}
              style={{ marginBottom: 16 }}
            />
          ) : null}
          <Flex wrap gap={8} align="center" style={{ marginBottom: 8 }}>
            <Button onClick={() => go(step - 1)} disabled={step === 0}>
              Previous step
            </Button>
            <label htmlFor={sliderId}>Step</label>
            <input
              id={sliderId}
              type="range"
              min={0}
              max={last}
              value={step}
              aria-valuetext={stepLabel(loaded, step)}
              onChange={(event) => go(Number(event.target.value))}
              style={{ flex: '1 1 160px', minWidth: 120 }}
            />
            <Button onClick={() => go(step + 1)} disabled={step === last}>
              Next step
            </Button>
            <label htmlFor={widgetSelectId}>Widget</label>
            <select id={widgetSelectId} value={widget} onChange={(event) => setWidget(REPLAYABLE_WIDGETS.find((name) => name === event.target.value) ?? widget)}>
              {REPLAYABLE_WIDGETS.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </Flex>
          <p role="status" style={{ margin: '0 0 12px' }}>
            {stepLabel(loaded, step)}
          </p>
          <div style={{ display: 'grid', gap: 16, gridTemplateColumns: wide ? 'minmax(240px, 1fr) 2fr' : '1fr' }}>
            <nav aria-label="Recorded actions" style={{ maxHeight: wide ? 640 : 240, overflow: 'auto', border: `1px solid ${QA_PALETTE.listBorder}`, borderRadius: 6 }}>
              <ol style={{ listStyle: 'none', margin: 0, padding: 4 }}>
                {[{ label: 'Initial state', at: null as number | null }, ...loaded.recording.actions.slice(0, last).map((entry) => ({ label: entry.action.type, at: entry.at }))].map(
                  (item, index) => {
                    const current = index === step;
                    return (
                      <li key={index}>
                        <button
                          type="button"
                          ref={current ? currentRef : undefined}
                          aria-current={current ? 'step' : undefined}
                          onClick={() => go(index)}
                          style={{
                            display: 'block',
                            width: '100%',
                            textAlign: 'start',
                            padding: '2px 6px',
                            border: 0,
                            borderRadius: 4,
                            font: 'inherit',
                            fontSize: 13,
                            cursor: 'pointer',
                            color: current ? QA_PALETTE.currentText : 'inherit',
                            background: current ? QA_PALETTE.currentBackground : 'transparent',
                          }}
                        >
                          #{index} {item.label}
                          {item.at === null ? null : <span style={{ opacity: 0.8 }}> +{(item.at / 1000).toFixed(1)}s</span>}
                        </button>
                      </li>
                    );
                  },
                )}
              </ol>
            </nav>
            <section aria-label="Replayed widget" style={{ minWidth: 0 }}>
              <ReplayedWidget loaded={loaded} step={step} widget={widget} />
            </section>
          </div>
        </>
      ) : null}
    </section>
  );
}
