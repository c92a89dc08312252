/**
 * The popups widget loads on the server's own pages (main/, loanoverview/) beside their HTML: its
 * chunk must not carry zod and the API contract, which arrive with the flows. Reading the
 * server's popup items at load takes the plain lists of src/api/popupKinds.ts instead.
 */
describe("the popups widget's first load", () => {
  it('does not import zod', async () => {
    await jest.isolateModulesAsync(async () => {
      jest.doMock('zod/mini', () => {
        throw new Error('zod was imported with the popups widget');
      });
      await expect(import('./popupsWidget.entry')).resolves.toHaveProperty('default');
    });
  });
});
