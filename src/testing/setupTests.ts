import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { preparePageI18n } from './testI18n';

preparePageI18n();

// antd's transitions and lazy chunks need a little more than the default 1 s on a busy CI machine.
configure({ asyncUtilTimeout: 3000 });

// Every page of the portal arrives with its CSRF cookie (the server sets it): so does every test's page.
// A test of a host page without it (src/api/endpoints.test.ts, "CSRF") removes it.
beforeEach(() => {
  document.cookie = 'csrftoken=test-csrf-token; path=/';
});

afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
