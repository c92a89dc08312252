import { render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { setupI18n } from '@lingui/core';
import type { ReactElement } from 'react';
import { compileMessages } from './compileMessages';
import type { MessageId } from './messageId';
import { T } from './useT';

function renderT(message: string, props: { values?: Record<string, string>; components?: Record<string, ReactElement> }) {
  const i18n = setupI18n({ locale: 'es', messages: { es: compileMessages({ 'common.sample': message }) } });
  return render(
    <I18nProvider i18n={i18n}>
      <p data-testid="text">
        <T id={'common.sample' as MessageId} {...props} />
      </p>
    </I18nProvider>,
  );
}

describe('T (a message with elements inside it)', () => {
  it('puts each <n>…</n> inside its component, where the translation put it', () => {
    renderT('<0>Inicie sesión</0> o <1>recupere su nombre de usuario</1>, {name}', {
      values: { name: 'Ada' },
      components: { 0: <a href="/login/" />, 1: <strong /> },
    });
    expect(screen.getByRole('link', { name: 'Inicie sesión' })).toHaveAttribute('href', '/login/');
    expect(screen.getByText('recupere su nombre de usuario').tagName).toBe('STRONG');
    expect(screen.getByTestId('text')).toHaveTextContent('Inicie sesión o recupere su nombre de usuario, Ada');
  });

  it('a tag without its component shows its text, never the tag', () => {
    renderT('Antes <0>dentro</0> después', {});
    expect(screen.getByTestId('text')).toHaveTextContent(/^Antes dentro después$/);
  });

  it('a value is text, even when it looks like a tag (React escapes it)', () => {
    renderT('Correo: {address}', { values: { address: '<b>x</b>' } });
    expect(screen.getByTestId('text')).toHaveTextContent('Correo: <b>x</b>');
  });
});
