/**
 * Bench-only: the registration form of src/features/registration built on antd's own Form state
 * (no Redux), the baseline of the typing benchmark. Same fields, labels, inputs, limits, rules
 * and "errors shown only after submit" as the Redux widget; nothing here ships.
 */
import { Alert, Button, Card, Checkbox, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { PatternFormat } from 'react-number-format';
import english from '../../src/platform/i18n/locales/en.json';
import type { MessageId } from '../../src/platform/i18n/messageId';
import { LIMITS, MESSAGES } from '../../src/lib/validation/messages';
import * as rules from '../../src/lib/validation/rules';

type AntdRule = { validator: (_: unknown, value: string | undefined) => Promise<void> };

/** One antd validator from the shared pure rules (so both forms run the same checks). */
const check = (...list: rules.Rule[]): AntdRule[] => [
  {
    validator: (_, value) => {
      const message = rules.firstError(value ?? '', list);
      return message === null ? Promise.resolve() : Promise.reject(new Error(english[message]));
    },
  },
];

export function AntdRegistrationForm() {
  const [form] = Form.useForm<rules.RegistrationValues>();
  const [submitted, setSubmitted] = useState(false);
  const equalTo = (field: keyof rules.RegistrationValues, message: MessageId): rules.Rule => (value) =>
    value === form.getFieldValue(field) ? null : message;
  return (
    <section aria-labelledby="bench-register" style={{ maxWidth: 480, margin: '0 auto', width: '100%' }}>
      <Card variant="borderless" styles={{ body: { padding: 'clamp(16px, 4vw, 24px)' } }}>
        <Typography.Title level={1} id="bench-register" style={{ fontSize: 28, marginTop: 0 }}>
          Register
        </Typography.Title>
        <Form
          form={form}
          layout="vertical"
          // Errors show only after submit, as in the widget: no validation while typing before it.
          validateTrigger={submitted ? 'onChange' : false}
          onFinishFailed={() => setSubmitted(true)}
          onFinish={() => setSubmitted(true)}
          initialValues={{ remember_this_browser: false }}
          scrollToFirstError={{ focus: true }}
        >
          <Form.Item label="First Name" name="firstname" rules={check(rules.required)}>
            <Input maxLength={LIMITS.inputMaximum} autoComplete="given-name" />
          </Form.Item>
          <Form.Item label="Last Name" name="lastname" rules={check(rules.required)}>
            <Input maxLength={LIMITS.inputMaximum} autoComplete="family-name" />
          </Form.Item>
          <Form.Item label="Username" name="username" rules={check(rules.required)}>
            <Input maxLength={LIMITS.inputMaximum} autoComplete="username" autoCapitalize="off" spellCheck={false} />
          </Form.Item>
          <Form.Item
            label="Password"
            name="password"
            rules={check(rules.required, rules.passwordRule, rules.maxLength200)}
            extra={english[MESSAGES.passwordHint]}
          >
            <Input.Password maxLength={LIMITS.inputMaximum} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="Password (again)"
            name="password2"
            dependencies={['password']}
            rules={check(equalTo('password', MESSAGES.passwordsDoNotMatch))}
          >
            <Input.Password maxLength={LIMITS.inputMaximum} autoComplete="new-password" />
          </Form.Item>
          <Form.Item label="Email" name="email" rules={check(rules.required, rules.email)}>
            <Input type="email" maxLength={LIMITS.inputMaximum} autoComplete="email" />
          </Form.Item>
          <Form.Item
            label="Email (again)"
            name="email2"
            dependencies={['email']}
            rules={check(equalTo('email', MESSAGES.emailsDoNotMatch))}
          >
            <Input type="email" maxLength={LIMITS.inputMaximum} autoComplete="email" />
          </Form.Item>
          <Form.Item label="Loan Number" name="loanno" rules={check(rules.required, rules.loanno)}>
            <Input maxLength={LIMITS.loannoLength} inputMode="numeric" autoComplete="off" />
          </Form.Item>
          <Form.Item
            label="Social Security Number"
            name="ssn"
            rules={check(rules.required, rules.ssn)}
            getValueFromEvent={(values: { value: string }) => values.value}
            trigger="onValueChange"
          >
            <PatternFormat format="###-##-####" mask="_" valueIsNumericString customInput={Input} inputMode="numeric" autoComplete="off" />
          </Form.Item>
          <Form.Item
            label="Date of Birth"
            name="dob"
            extra="MM/DD/YYYY"
            rules={check(rules.required, rules.dob)}
            trigger="onValueChange"
            getValueFromEvent={(values: { formattedValue: string }) => values.formattedValue}
          >
            <PatternFormat format="##/##/####" placeholder="MM/DD/YYYY" mask="_" customInput={Input} inputMode="numeric" autoComplete="bday" />
          </Form.Item>
          <Form.Item name="remember_this_browser" valuePropName="checked">
            <Checkbox>Remember this browser</Checkbox>
          </Form.Item>
          {submitted ? <Alert type="info" showIcon title="Submitted (bench page: nothing is sent)." style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" block>
            Register
          </Button>
        </Form>
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          Already registered? <a href="/loanmanager/recover_username/">Recover your username</a>
        </Typography.Paragraph>
      </Card>
    </section>
  );
}
