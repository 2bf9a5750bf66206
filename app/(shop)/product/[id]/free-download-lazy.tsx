'use client';

import dynamic from 'next/dynamic';

// Only a $0 product's page renders it: every other product page loads none of its code (Decision 078).
export const FreeDownloadForm = dynamic(() => import('./free-download-form').then((m) => m.FreeDownloadForm));
