import { Button, Flex } from 'antd';
import { useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { goGreenActions, selectGoGreen } from './goGreenSlice';
import { sanitizeDisclosures } from './sanitizeDisclosures';

export const DISCLOSURES_MAX_HEIGHT_PX = 300;

export function ReviewDisclosuresStep() {
  const dispatch = useAppDispatch();
  const disclosures = useAppSelector((state) => selectGoGreen(state).info?.disclosures ?? '');
  const sending = useAppSelector((state) => selectGoGreen(state).optIn === 'pending');
  const html = useMemo(() => sanitizeDisclosures(disclosures), [disclosures]);
  return (
    <>
      <div
        role="region"
        aria-label="Disclosures"
        // focusable, so keyboard users can scroll it
        tabIndex={0}
        style={{
          maxHeight: DISCLOSURES_MAX_HEIGHT_PX,
          overflow: 'auto',
          padding: 12,
          marginBottom: 16,
          border: '1px solid #d9d9d9',
          borderRadius: 6,
        }}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <Flex gap={8} wrap>
        <Button disabled={sending} onClick={() => dispatch(goGreenActions.backPressed())}>
          Back
        </Button>
        <Button type="primary" loading={sending} onClick={() => dispatch(goGreenActions.optInRequested())}>
          Complete
        </Button>
      </Flex>
    </>
  );
}
