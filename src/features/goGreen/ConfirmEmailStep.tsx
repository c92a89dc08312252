import { Button, Flex, Radio } from 'antd';
import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { T, useT } from '../../platform/i18n/useT';
import { selectGoGreenInfo } from '../../api/goGreenStatusCache';
import { goGreenActions, selectGoGreen, type EmailChoice, type WithGoGreen } from './goGreenSlice';
import { Paragraph } from '../../components/Typography/Typography';

export function ConfirmEmailStep() {
  const t = useT();
  const dispatch = useAppDispatch();
  const questionId = useId();
  const info = useAppSelector(selectGoGreenInfo);
  const emailOnFile = info?.email_address ?? '';
  const choice = useAppSelector((state: WithGoGreen) => selectGoGreen(state).emailChoice);
  return (
    <>
      {emailOnFile ? (
        <Paragraph>
          <T id="goGreen.onFile" values={{ email: emailOnFile }} components={{ 0: <strong /> }} />
        </Paragraph>
      ) : (
        <Paragraph>{t('goGreen.noEmailOnFile')}</Paragraph>
      )}
      <Paragraph id={questionId}>{t('goGreen.detailsCorrect')}</Paragraph>
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
        <Flex vertical gap={4}>
          <Radio value="yes" disabled={!emailOnFile} className="loanmanager-go-green-choice">
            {t('goGreen.choiceYes')}
          </Radio>
          <Radio value="no" className="loanmanager-go-green-choice">
            {t('goGreen.choiceNo')}
          </Radio>
        </Flex>
      </Radio.Group>
      <div>
        <Button type="primary" disabled={choice === null} onClick={() => dispatch(goGreenActions.nextPressed())}>
          {t('goGreen.next')}
        </Button>
      </div>
    </>
  );
}
