import { Button, Flex, Radio, Typography } from 'antd';
import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { GO_GREEN_MESSAGES } from './goGreenMessages';
import { goGreenActions, selectGoGreen, selectGoGreenInfo, type EmailChoice, type WithGoGreen } from './goGreenSlice';

export function ConfirmEmailStep() {
  const dispatch = useAppDispatch();
  const questionId = useId();
  const info = useAppSelector(selectGoGreenInfo);
  const emailOnFile = info?.email_address ?? '';
  const choice = useAppSelector((state: WithGoGreen) => selectGoGreen(state).emailChoice);
  return (
    <>
      {emailOnFile ? (
        <Typography.Paragraph>
          We have <strong>{emailOnFile}</strong> on file as your email address. Electronic notices of your documents will
          be sent to this address.
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph>We do not have an email address on file for you.</Typography.Paragraph>
      )}
      <Typography.Paragraph id={questionId}>Are these details correct?</Typography.Paragraph>
      <Radio.Group
        aria-labelledby={questionId}
        value={choice}
        onChange={(event) =>
          dispatch(
            goGreenActions.emailChoiceChanged({
              choice: event.target.value as EmailChoice,
              emailValidated: info?.email_validated === true,
            }),
          )
        }
        style={{ marginBottom: 16 }}
      >
        <Flex vertical gap={8}>
          <Radio value="yes" disabled={!emailOnFile}>
            {GO_GREEN_MESSAGES.choiceYes}
          </Radio>
          <Radio value="no">{GO_GREEN_MESSAGES.choiceNo}</Radio>
        </Flex>
      </Radio.Group>
      <div>
        <Button type="primary" disabled={choice === null} onClick={() => dispatch(goGreenActions.nextPressed())}>
          Next
        </Button>
      </div>
    </>
  );
}
