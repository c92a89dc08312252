// Placeholder: the feature's issue replaces this slice.
import { createSlice } from '@reduxjs/toolkit';

export const profileSlice = createSlice({ name: 'profile', initialState: {} as Record<string, never>, reducers: {} });
