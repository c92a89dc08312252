import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { preparePageI18n } from './testI18n';

preparePageI18n();

// antd's transitions and lazy chunks need a little more than the default 1 s on a busy CI machine.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
