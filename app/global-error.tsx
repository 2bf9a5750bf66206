'use client';

// Last resort when the root layout itself fails: a whole document, no shop chrome.
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en-AU">
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '6rem 1rem' }}>
        <h1>The shop is briefly unavailable</h1>
        <p>Please try again in a moment.</p>
        <button type="button" onClick={() => reset()} style={{ marginTop: '1.5rem', padding: '0.75rem 1.5rem' }}>
          Try again
        </button>
      </body>
    </html>
  );
}
