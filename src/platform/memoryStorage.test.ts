import { memoryStorage } from './memoryStorage';

test('memoryStorage keeps, returns and removes items, and each store is its own', () => {
  const store = memoryStorage();
  expect(store.getItem('k')).toBeNull();
  store.setItem('k', 'v');
  expect(store.getItem('k')).toBe('v');
  expect(memoryStorage().getItem('k')).toBeNull();
  store.removeItem('k');
  expect(store.getItem('k')).toBeNull();
});
