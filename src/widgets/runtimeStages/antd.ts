// A stage of the widget runtime (loader.ts): the antd shell every widget renders in.
export { ConfigProvider, Spin } from 'antd';
export { StyleProvider } from '@ant-design/cssinjs';
