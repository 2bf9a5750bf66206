// The framework's ceiling for `npm run bench`: a separate, bare Next app (no
// shop layout, no client components, no data), so it measures what `next
// start` itself can serve from the full-route cache and the smallest first-load
// JavaScript a Next page ships. It is never part of the shop's build.
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
