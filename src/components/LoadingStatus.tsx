import { Flex, Spin } from 'antd';
import type { CSSProperties } from 'react';

/** `label` beside a spinner ("Loading..." unless told), announced politely (role=status) while something loads or runs. */
export function LoadingStatus({ label = 'Loading...', style }: { label?: string; style?: CSSProperties }) {
  return (
    <Flex role="status" gap={12} align="center" style={style}>
      <Spin />
      <span>{label}</span>
    </Flex>
  );
}
