import { Flex, Spin } from 'antd';
import type { CSSProperties } from 'react';
import { useT } from '../platform/i18n/useT';

/** `label` beside a spinner ("Loading..." in the page's language unless told), announced politely (role=status) while something loads or runs. */
export function LoadingStatus({ label, style }: { label?: string; style?: CSSProperties }) {
  const t = useT();
  return (
    <Flex role="status" gap={12} align="center" style={style}>
      <Spin />
      <span>{label ?? t('common.loading')}</span>
    </Flex>
  );
}
