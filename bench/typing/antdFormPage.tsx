/** Bench-only page: the antd-Form registration form inside the same antd shell as a widget (no Redux). */
import { StyleProvider } from '@ant-design/cssinjs';
import { App as AntApp, ConfigProvider } from 'antd';
import { createRoot } from 'react-dom/client';
import { PORTAL_ANTD_CONFIG, portalTheme } from '../../src/widgets/theme';
import { AntdRegistrationForm } from './AntdRegistrationForm';

const element = document.getElementById('root') as HTMLElement;
createRoot(element).render(
  <StyleProvider hashPriority="high">
    <ConfigProvider
      {...PORTAL_ANTD_CONFIG}
      // antd drawing its styles at runtime, as an antd Form app does: the floor
      theme={portalTheme}
      getPopupContainer={() => element}
    >
      <AntApp component={false}>
        <AntdRegistrationForm />
      </AntApp>
    </ConfigProvider>
  </StyleProvider>,
);
