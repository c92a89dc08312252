/**
 * The endpoints' definitions name no schema (endpointSchemas.ts holds them, installed with the
 * flows): a first view that reads the API cache (go-green's, profile's) loads RTK Query's core
 * without the contract's schemas (bench/RESULTS.md, "Page weight").
 */
describe("the endpoints' definitions", () => {
  it('load, with the cache selectors, without the contract', async () => {
    await jest.isolateModulesAsync(async () => {
      jest.doMock('./schemas', () => {
        throw new Error('the contract was imported with the endpoints');
      });
      await expect(import('./goGreenStatusCache')).resolves.toHaveProperty('selectGoGreenInfo');
      await expect(import('./userApi')).resolves.toHaveProperty('userApi');
      await expect(import('./accountApi')).resolves.toHaveProperty('accountApi');
    });
  });
});
