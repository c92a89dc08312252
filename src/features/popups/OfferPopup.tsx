/**
 * The go green, auto pay and combined popups: one layout, fed by the benefit lists below. The
 * combined popup is a summary (issue 39, item 12): its two offers are boxed sections under the
 * dialog's title, with smaller headings than it (the title 18 px, a section 16 px: two near-equal
 * headings read as two titles), and each benefit by its name only (the spec's names; the single
 * offers keep the sentence under each), so the auto-pay link is in view on a 375 x 800 phone.
 */
import { useId } from 'react';
import { Dialog } from '../../components/Dialog/Dialog';
import { Paragraph, Text, Title } from '../../components/Typography/Typography';
import type { MessageId } from '../../platform/i18n/messageId';
import { PALETTE, RADIUS } from '../../platform/palette';
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

/** The combined popup's benefits: their names in a row that wraps, not a column of them. */
const benefitNames = { display: 'flex', flexWrap: 'wrap', gap: '0 16px', margin: '0 0 12px', padding: 0, listStyle: 'none' } as const;

/** An offer of the combined popup: a boxed section under the dialog's title. */
const sectionBox = {
  border: `1px solid ${PALETTE.divider}`,
  borderRadius: RADIUS.card,
  padding: '10px 14px',
  marginBottom: 8,
} as const;

/** One offer; with several in a dialog (the combined popup), each is a boxed, labelled section with its benefits named only. */
function OfferSection({ offer, inSummary }: { offer: Offer; inSummary: boolean }) {
  const t = useT();
  const headingId = useId();
  return (
    <section aria-labelledby={inSummary ? headingId : undefined} style={inSummary ? sectionBox : { marginBottom: 16 }}>
      {inSummary ? (
        <Title level={3} id={headingId} style={{ fontSize: 16, lineHeight: '24px', marginTop: 0, marginBottom: 4 }}>
          {t(offer.heading)}
        </Title>
      ) : null}
      <Paragraph style={inSummary ? { marginBottom: 8 } : undefined}>{t(offer.summary)}</Paragraph>
      <ul style={inSummary ? benefitNames : benefitGrid}>
        {offer.benefits.map((benefit) => (
          <li key={benefit.name}>
            <Text strong>{t(benefit.name)}</Text>
            {inSummary ? null : (
              <>
                <br />
                <Text>{t(benefit.text)}</Text>
              </>
            )}
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
        <OfferSection key={offer.heading} offer={offer} inSummary={layout.offers.length > 1} />
      ))}
    </Dialog>
  );
}
