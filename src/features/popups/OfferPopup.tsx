/**
 * The go green, auto pay and combined popups: one layout, fed by the benefit lists below.
 */
import { useId } from 'react';
import { Dialog } from '../../components/Dialog/Dialog';
import { Paragraph, Text, Title } from '../../components/Typography/Typography';
import type { MessageId } from '../../platform/i18n/messageId';
import { useT } from '../../platform/i18n/useT';
import { CallToActionLink, DeclineButton } from './popupActions';
import type { PopupViewProps } from './popupDialogProps';
import type { OfferSubType } from './popupModel';

interface Offer {
  heading: MessageId;
  summary: MessageId;
  benefits: ReadonlyArray<{ name: MessageId; text: MessageId }>;
  link: { label: MessageId; href: string };
}

const GO_GREEN: Offer = {
  heading: 'popups.goGreenHeading',
  summary: 'popups.goGreenSummary',
  benefits: [
    { name: 'popups.fast', text: 'popups.fastText' },
    { name: 'popups.convenient', text: 'popups.convenientText' },
    { name: 'popups.green', text: 'popups.greenText' },
    { name: 'popups.free', text: 'popups.freeText' },
  ],
  link: { label: 'popups.goGreenLink', href: '/loanmanager/go-green/' },
};

const AUTO_PAY: Offer = {
  heading: 'popups.autoPayHeading',
  summary: 'popups.autoPaySummary',
  benefits: [
    { name: 'popups.convenience', text: 'popups.convenienceText' },
    { name: 'popups.costFree', text: 'popups.costFreeText' },
    { name: 'popups.hassleFree', text: 'popups.hassleFreeText' },
    { name: 'popups.noLateFees', text: 'popups.noLateFeesText' },
    { name: 'popups.flexibility', text: 'popups.flexibilityText' },
  ],
  link: { label: 'popups.autoPayLink', href: '/loanmanager/eftsetuprequest/' },
};

const LAYOUTS: Record<OfferSubType, { title: MessageId; offers: readonly Offer[]; decline: MessageId }> = {
  go_green: {
    title: GO_GREEN.heading,
    offers: [GO_GREEN],
    decline: 'popups.declineGoGreen',
  },
  auto_pay: {
    title: AUTO_PAY.heading,
    offers: [AUTO_PAY],
    decline: 'popups.declineAutoPay',
  },
  auto_pay_go_green_combined: {
    title: 'popups.combinedHeading',
    offers: [GO_GREEN, AUTO_PAY],
    decline: 'popups.declineBoth',
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
  const t = useT();
  const headingId = useId();
  return (
    <section aria-labelledby={withHeading ? headingId : undefined} style={{ marginBottom: 16 }}>
      {withHeading ? (
        <Title level={3} id={headingId} style={{ fontSize: '1.125rem', marginTop: 0 }}>
          {t(offer.heading)}
        </Title>
      ) : null}
      <Paragraph>{t(offer.summary)}</Paragraph>
      <ul style={benefitGrid}>
        {offer.benefits.map((benefit) => (
          <li key={benefit.name}>
            <Text strong>{t(benefit.name)}</Text>
            <br />
            <Text>{t(benefit.text)}</Text>
          </li>
        ))}
      </ul>
      <CallToActionLink href={offer.link.href}>{t(offer.link.label)}</CallToActionLink>
    </section>
  );
}

export function OfferPopup({ subType, dialog, onClose }: PopupViewProps & { subType: OfferSubType }) {
  const t = useT();
  const layout = LAYOUTS[subType];
  return (
    <Dialog
      {...dialog}
      title={t(layout.title)}
      footer={<DeclineButton onClick={() => onClose('declined')}>{t(layout.decline)}</DeclineButton>}
    >
      {layout.offers.map((offer) => (
        <OfferSection key={offer.heading} offer={offer} withHeading={layout.offers.length > 1} />
      ))}
    </Dialog>
  );
}
