// POST /api/admin/analyze-image — admin: a descriptive filename for an image (form file, suffix)
import { invalid } from '@/lib/domain/errors';
import { generateImageFilename, MAX_FIELD_BYTES, MAX_IMAGE_BYTES, readMultipart } from '@/lib/domain/uploads';
import { adminHandler } from '@/lib/http/admin';
import { MULTIPART_OVERHEAD_BYTES, streamedBody } from '@/lib/http/body-limit';
import { analyzeImageResponse } from '@/lib/contract/uploads';
import { jsonOf } from '@/lib/http/handler';

const MAX_PARTS = 5;

export const POST = adminHandler(
  'catalogue',
  async (request) => {
    let file: { filename: string; data: Buffer } | null = null;
    let suffix = '';
    for await (const part of readMultipart(request, { maxFileBytes: MAX_IMAGE_BYTES, maxFieldBytes: MAX_FIELD_BYTES, maxParts: MAX_PARTS })) {
      if (part.kind === 'file' && part.name === 'file') file = part;
      else if (part.kind === 'field' && part.name === 'suffix') suffix = part.value;
    }
    if (!file || file.data.length === 0) throw invalid('An image file is required', { file: ['An image file is required'] });
    return jsonOf(analyzeImageResponse, { generated_filename: await generateImageFilename(file.data, file.filename, suffix) });
    // One image and a suffix: a longer declared body is refused before it is read.
  },
  streamedBody(MAX_IMAGE_BYTES + MAX_PARTS * MAX_FIELD_BYTES + MULTIPART_OVERHEAD_BYTES),
);
