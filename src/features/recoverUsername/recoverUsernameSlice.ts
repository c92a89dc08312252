// Placeholder: the feature's issue replaces this slice.
import { createSlice } from '@reduxjs/toolkit';

export const recoverUsernameSlice = createSlice({ name: 'recoverUsername', initialState: {} as Record<string, never>, reducers: {} });
