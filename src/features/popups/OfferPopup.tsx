/**
 * The go green, auto pay and combined popups: one layout, fed by the benefit lists below.
 */
import { Typography } from 'antd';
import { useId } from 'react';
import { Dialog } from '../../components/Dialog/Dialog';
import { CallToActionLink, DeclineButton } from './popupActions';
import type { PopupViewProps } from './popupDialogProps';
import type { OfferSubType } from './popupModel';

interface Offer {
  heading: string;
  summary: string;
  benefits: ReadonlyArray<{ name: string; text: string }>;
  link: { label: string; href: string };
}

const GO_GREEN: Offer = {
  heading: 'Go Paperless, Go Green',
  summary: 'Get your mortgage statements and notices by email instead of by mail.',
  benefits: [
    { name: 'Fast', text: 'Your documents arrive as soon as they are ready, with no wait for the mail.' },
    { name: 'Convenient', text: 'View, download and print your documents online, any time.' },
    { name: 'Green', text: 'Save paper, envelopes and the fuel it takes to deliver them.' },
    { name: 'Free', text: 'Paperless delivery costs you nothing.' },
  ],
  link: { label: 'Click Here to Go Green', href: '/loanmanager/go-green/' },
};

const AUTO_PAY: Offer = {
  heading: 'Pay Automatically',
  summary: 'Have your monthly payment drafted from your bank account, automatically.',
  benefits: [
    { name: 'Convenience', text: 'Your payment is made for you every month.' },
    { name: 'Cost-Free', text: 'There is no fee for automatic payments.' },
    { name: 'Hassle-Free', text: 'No checks to write, no stamps to buy, no due date to remember.' },
    { name: 'Avoid Delays and Late Fees', text: 'Your payment is never late or lost in the mail.' },
    { name: 'Flexibility', text: 'Choose your draft day, between the 1st and the 15th of each month.' },
  ],
  link: { label: 'Click Here to Set Up Automatic Payments', href: '/loanmanager/eftsetuprequest/' },
};

const LAYOUTS: Record<OfferSubType, { title: string; offers: readonly Offer[]; decline: string }> = {
  go_green: {
    title: GO_GREEN.heading,
    offers: [GO_GREEN],
    decline: 'Not at this time, I prefer to receive paper documents via mail',
  },
  auto_pay: {
    title: AUTO_PAY.heading,
    offers: [AUTO_PAY],
    decline: 'Not at this time, I prefer to pay manually',
  },
  auto_pay_go_green_combined: {
    title: 'Go Paperless and Pay Automatically',
    offers: [GO_GREEN, AUTO_PAY],
    decline: 'Not at this time',
  },
};

const benefitGrid = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  gap: '8px 24px',
  margin: '0 0 16px',
  padding: 0,
  listStyle: 'none',
} as const;

/** One offer; with several in a dialog, each gets its own labelled section. */
function OfferSection({ offer, withHeading }: { offer: Offer; withHeading: boolean }) {
  const headingId = useId();
  return (
    <section aria-labelledby={withHeading ? headingId : undefined} style={{ marginBottom: 16 }}>
      {withHeading ? (
        <Typography.Title level={3} id={headingId} style={{ fontSize: '1.125rem', marginTop: 0 }}>
          {offer.heading}
        </Typography.Title>
      ) : null}
      <Typography.Paragraph>{offer.summary}</Typography.Paragraph>
      <ul style={benefitGrid}>
        {offer.benefits.map((benefit) => (
          <li key={benefit.name}>
            <Typography.Text strong>{benefit.name}</Typography.Text>
            <br />
            <Typography.Text>{benefit.text}</Typography.Text>
          </li>
        ))}
      </ul>
      <CallToActionLink href={offer.link.href}>{offer.link.label}</CallToActionLink>
    </section>
  );
}

export function OfferPopup({ subType, dialog, onClose }: PopupViewProps & { subType: OfferSubType }) {
  const layout = LAYOUTS[subType];
  return (
    <Dialog
      {...dialog}
      title={layout.title}
      footer={<DeclineButton onClick={() => onClose('declined')}>{layout.decline}</DeclineButton>}
    >
      {layout.offers.map((offer) => (
        <OfferSection key={offer.heading} offer={offer} withHeading={layout.offers.length > 1} />
      ))}
    </Dialog>
  );
}
