'use client';

// A toast that survives a full page reload (e.g. 'Logged out successfully'
// after logout reloads the page): stored for one read in sessionStorage.
const FLASH_KEY = 'flash';

export type Flash = { type: 'success' | 'error'; message: string };

export function setFlash(flash: Flash): void {
  window.sessionStorage.setItem(FLASH_KEY, JSON.stringify(flash));
}

export function takeFlash(): Flash | null {
  const raw = window.sessionStorage.getItem(FLASH_KEY);
  if (!raw) return null;
  window.sessionStorage.removeItem(FLASH_KEY);
  try {
    const flash = JSON.parse(raw) as Flash;
    return typeof flash.message === 'string' ? flash : null;
  } catch {
    return null;
  }
}
