import type { PopupItem } from '../../api/schemas';
import { readPopup, type Popup } from './popupModel';
import { closeRequested, listReceived, popupShown, popupsSlice } from './popupsSlice';

const COMBINED: PopupItem = { id: 'go-green-auto-pay', sub_type: 'auto_pay_go_green_combined' };
const TAX: PopupItem = { id: 'tax-reminder', tax_year: 2025 };

function popupOf(item: PopupItem): Popup {
  const read = readPopup(item);
  if (!read.ok) throw new Error('a demo popup this build cannot read');
  return read.popup;
}

describe('popupsSlice', () => {
  it("replays a recording made before the list opened its first popup: the first popup's own popupShown drops nothing", () => {
    const reduce = popupsSlice.reducer;
    const afterList = reduce(undefined, listReceived([COMBINED, TAX]));
    expect(afterList).toMatchObject({ current: { popup: { id: COMBINED.id } }, pending: [TAX], shown: [COMBINED.id] });
    const replayed = reduce(afterList, popupShown(popupOf(COMBINED)));
    expect(replayed).toMatchObject({ current: { popup: { id: COMBINED.id } }, pending: [TAX], shown: [COMBINED.id] });
  });

  it('shows the next popup once the one on screen is closing', () => {
    const reduce = popupsSlice.reducer;
    const closing = reduce(reduce(undefined, listReceived([COMBINED, TAX])), closeRequested({ reason: 'declined' }));
    const next = reduce(closing, popupShown(popupOf(TAX)));
    expect(next).toMatchObject({ current: { popup: { id: TAX.id } }, pending: [], shown: [COMBINED.id, TAX.id] });
  });
});
