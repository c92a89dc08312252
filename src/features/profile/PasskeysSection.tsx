/**
 * The profile's passkeys (issue 49): each by name, when it was added and last used; rename, remove,
 * and add one (after re-authentication, by the saga). Shown only where the page offers passkeys
 * (usePasskeysUsable). The names being edited live in this component until sent: they are not
 * sensitive, and a recording shows each one in the action that sends it.
 */
import { Alert, Button, Flex, Input } from 'antd';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { passkeyApi } from '../../api/passkeyApi';
import { PASSKEY_NAME_MAXIMUM, type PasskeyItem } from '../../api/schemas';
import { MessageFocus } from '../../components/MessageFocus';
import { Paragraph, Title } from '../../components/Typography/Typography';
import { useAppDispatch, useAppSelector, usePortalConfig } from '../../state/hooks';
import { PASSKEYS_ANCHOR } from '../../lib/portalUrls';
import { usePasskeysUsable } from '../../components/usePasskeysUsable';
import { MESSAGES } from '../../lib/validation/messages';
import { useT } from '../../platform/i18n/useT';
import { profileActions, selectPasskeyTask } from './profileSlice';

const selectPasskeys = passkeyApi.endpoints.getPasskeys.select();
const buttonStyle = { minHeight: 44 } as const;

function useDate() {
  const { locale } = usePortalConfig();
  const format = new Intl.DateTimeFormat(locale === 'es' ? 'es-US' : 'en-US', { dateStyle: 'medium' });
  return (iso: string) => format.format(new Date(iso));
}

/** A name typed for a passkey: what is sent, or null when only spaces (said on the field). */
const nameOf = (typed: string) => (typed.trim() === '' ? null : typed.trim());

function NameField({ label, value, onChange, error, inputId }: { label: string; value: string; onChange(value: string): void; error: boolean; inputId: string }) {
  const t = useT();
  const errorId = `${inputId}-error`;
  return (
    <Flex vertical gap={4} style={{ flex: '1 1 12rem' }}>
      <label htmlFor={inputId}>{label}</label>
      <Input
        id={inputId}
        value={value}
        maxLength={PASSKEY_NAME_MAXIMUM}
        aria-invalid={error || undefined}
        aria-describedby={error ? errorId : undefined}
        status={error ? 'error' : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <span id={errorId} role="alert" style={{ color: '#a8071a' }}>
          {t(MESSAGES.required)}
        </span>
      ) : null}
    </Flex>
  );
}

function PasskeyRow({ passkey, working }: { passkey: PasskeyItem; working: boolean }) {
  const t = useT();
  const date = useDate();
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState<string | null>(null);
  const [blank, setBlank] = useState(false);
  const inputId = useId();
  const renameButton = useRef<HTMLButtonElement>(null);
  // the field takes focus when opened; Cancel or Save gives it back to the button
  useEffect(() => {
    if (editing !== null) document.getElementById(inputId)?.focus();
  }, [editing !== null, inputId]); // eslint-disable-line react-hooks/exhaustive-deps
  const close = () => {
    setEditing(null);
    setBlank(false);
    requestAnimationFrame(() => renameButton.current?.focus());
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const name = nameOf(editing ?? '');
    if (name === null) return setBlank(true);
    dispatch(profileActions.passkeyRenameRequested(passkey.id, name));
    close();
  };
  return (
    <li style={{ marginBottom: 16 }}>
      <strong>{passkey.name}</strong>
      <div>{t('profile.passkeys.addedOn', { date: date(passkey.created_at) })}</div>
      <div>{passkey.last_used_at ? t('profile.passkeys.lastUsed', { date: date(passkey.last_used_at) }) : t('profile.passkeys.neverUsed')}</div>
      {passkey.synced ? <div>{t('profile.passkeys.synced')}</div> : null}
      {editing === null ? (
        <Flex gap={8} wrap style={{ marginTop: 8 }}>
          <Button ref={renameButton} style={buttonStyle} disabled={working} aria-label={t('profile.passkeys.rename', { name: passkey.name })} onClick={() => setEditing(passkey.name)}>
            {t('profile.passkeys.renameShort')}
          </Button>
          <Button style={buttonStyle} danger disabled={working} aria-label={t('profile.passkeys.remove', { name: passkey.name })} onClick={() => dispatch(profileActions.passkeyRemoveRequested(passkey.id))}>
            {t('profile.passkeys.removeShort')}
          </Button>
        </Flex>
      ) : (
        <form onSubmit={save} noValidate aria-label={t('profile.passkeys.rename', { name: passkey.name })} style={{ marginTop: 8 }}>
          <Flex gap={8} wrap align="flex-end">
            <NameField label={t('profile.passkeys.name')} value={editing} onChange={(value) => (setEditing(value), setBlank(false))} error={blank} inputId={inputId} />
            <Button style={buttonStyle} type="primary" htmlType="submit">
              {t('profile.passkeys.save')}
            </Button>
            <Button style={buttonStyle} onClick={close}>
              {t('profile.passkeys.cancel')}
            </Button>
          </Flex>
        </form>
      )}
    </li>
  );
}

export function PasskeysSection() {
  const t = useT();
  const dispatch = useAppDispatch();
  const usable = usePasskeysUsable();
  const list = useAppSelector(selectPasskeys);
  const task = useAppSelector(selectPasskeyTask);
  const [name, setName] = useState('');
  const [blank, setBlank] = useState(false);
  const headingId = useId();
  const inputId = useId();
  // once added, the field is empty again for the next one
  const added = task?.status === 'succeeded' && task.message === 'profile.passkeys.addDone';
  useEffect(() => {
    if (added) setName('');
  }, [added, task]);
  // "Add a passkey" of the landing page's offer leads here (#passkeys): the name of the new one is asked first
  useEffect(() => {
    if (usable && window.location.hash === `#${PASSKEYS_ANCHOR}`) document.getElementById(inputId)?.focus();
  }, [usable, inputId]);
  if (!usable) return null;
  const working = task?.status === 'pending';
  const add = (event: FormEvent) => {
    event.preventDefault();
    const chosen = nameOf(name);
    if (chosen === null) {
      setBlank(true);
      document.getElementById(inputId)?.focus();
      return;
    }
    dispatch(profileActions.passkeyAddRequested(chosen));
  };
  const passkeys = list.data?.passkeys ?? [];
  return (
    <section id={PASSKEYS_ANCHOR} aria-labelledby={headingId} style={{ marginTop: 32 }}>
      <Title level={2} id={headingId} style={{ fontSize: 20 }}>
        {t('profile.passkeys.title')}
      </Title>
      <Paragraph>{t('profile.passkeys.intro')}</Paragraph>
      {task?.message ? (
        <MessageFocus style={{ marginBottom: 16 }}>
          <Alert type={task.status === 'succeeded' ? 'success' : 'error'} role={task.status === 'succeeded' ? 'status' : 'alert'} showIcon title={t(task.message)} />
        </MessageFocus>
      ) : null}
      {list.isError ? <Paragraph>{t('profile.passkeys.loadFailed')}</Paragraph> : null}
      {list.isSuccess && passkeys.length === 0 ? <Paragraph>{t('profile.passkeys.none')}</Paragraph> : null}
      {passkeys.length > 0 ? (
        <ul aria-label={t('profile.passkeys.list')} style={{ paddingInlineStart: 20 }}>
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} working={working} />
          ))}
        </ul>
      ) : null}
      <form onSubmit={add} noValidate aria-label={t('profile.passkeys.add')}>
        <Flex gap={8} wrap align="flex-end">
          <NameField label={t('profile.passkeys.newName')} value={name} onChange={(value) => (setName(value), setBlank(false))} error={blank} inputId={inputId} />
          <Button style={buttonStyle} type="primary" htmlType="submit" loading={working}>
            {t('profile.passkeys.add')}
          </Button>
        </Flex>
      </form>
    </section>
  );
}
