import { createContext, useContext } from 'react';

export type AuthModal = 'signIn' | 'signUp' | 'forgotPassword' | 'changePassword' | 'openAccount';

export type AuthModals = {
  current: AuthModal | null;
  /** E-mail carried from one modal to the next (sign-up or reset to sign-in). */
  email: string;
  open: (modal: AuthModal, email?: string) => void;
  /**
   * Closes the modal and goes to `to` when given; otherwise /sign-in and /sign-up fall back to /
   * (one navigation, so a finished login does not race a fallback).
   */
  close: (to?: string) => void;
};

export const AuthModalsContext = createContext<AuthModals | null>(null);

export function useAuthModals(): AuthModals {
  const value = useContext(AuthModalsContext);
  if (!value) throw new Error('useAuthModals must be used inside AuthModalsProvider');
  return value;
}
