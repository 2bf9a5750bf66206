// Any unknown /api path: a JSON 404 in the one error shape (pages redirect to /, the API does not).
import { errorResponse } from '@/lib/http/errors';
import { handler } from '@/lib/http/handler';

// Through the handler like every route, so its body limit holds here too.
const unknown = handler<{ path: string[] }>(async () => errorResponse('not_found', 'Not found'));

export { unknown as GET, unknown as POST, unknown as PUT, unknown as PATCH, unknown as DELETE };
