import { headers } from 'next/headers';

// Rendered per request. The bench asks for it once after starting the ceiling:
// a server that has rendered anything (any real app, the shop after its first
// search or ISR refresh) has Node 20's AsyncLocalStorage hooks on for good,
// about 15 % of the cost of serving a cached page; one that never rendered is
// a ceiling no real app stays under (README, Decisions 24).
export default async function RenderedPage() {
  const userAgent = (await headers()).get('user-agent') ?? 'none';
  return <p>Rendered for {userAgent.length} characters of user agent.</p>;
}
