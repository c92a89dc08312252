// Placeholder: the feature's issue replaces this slice.
import { createSlice } from '@reduxjs/toolkit';

export const loginSlice = createSlice({ name: 'login', initialState: {} as Record<string, never>, reducers: {} });
