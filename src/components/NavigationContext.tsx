import { createContext, useContext } from 'react';
import { createNavigation, type Navigation } from '../platform/navigation';

export const NavigationContext = createContext<Navigation>(createNavigation());

export function useNavigation(): Navigation {
  return useContext(NavigationContext);
}
