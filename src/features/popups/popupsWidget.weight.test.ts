/**
 * The popups widget loads on the server's own pages (main/, loanoverview/) beside their HTML: its
 * chunk must not carry the API contract's schemas, which arrive with the flows. Reading the
 * server's popup items at load takes the plain lists of src/api/popupKinds.ts instead.
 */
describe("the popups widget's first load", () => {
  it('does not import the API contract', async () => {
    await jest.isolateModulesAsync(async () => {
      jest.doMock('../../api/schemas', () => {
        throw new Error('the API contract was imported with the popups widget');
      });
      await expect(import('./popupsWidget.entry')).resolves.toHaveProperty('default');
    });
  });
});
