import { Flex, Spin } from 'antd';
import type { CSSProperties } from 'react';

/** "Loading..." beside a spinner, announced politely (role=status) while something loads. */
export function LoadingStatus({ style }: { style?: CSSProperties }) {
  return (
    <Flex role="status" gap={12} align="center" style={style}>
      <Spin />
      <span>Loading...</span>
    </Flex>
  );
}
