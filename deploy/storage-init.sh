#!/bin/sh
# compose.yaml's one-shot storage-init (Decisions 073), run with MinIO's client
# image: creates the shop's two buckets and the shop's own storage user
# (S3_ACCESS_KEY_ID), whose policy reaches the objects of those two buckets and
# nothing else: no other bucket, no creating or deleting buckets, no policies, no
# users. MinIO's root keys (MINIO_ROOT_USER / MINIO_ROOT_PASSWORD, from
# .env.storage-admin) are used here and by MinIO only; the shop never holds them.
# Safe to run on every `docker compose up`.
#   sh storage-init.sh                 what the service runs
#   sh storage-init.sh --print-policy  only prints the policy (tests/unit/deployment-files.test.ts)
set -eu

: "${S3_BUCKET:?set S3_BUCKET}" "${S3_PUBLIC_BUCKET:?set S3_PUBLIC_BUCKET}"

# The shop's calls: HeadBucket and ListObjectsV2 (ListBucket); Get/Put/Copy/Delete of objects;
# streamed multipart uploads and their abort (lib/infra/storage).
policy() {
  printf '%s\n' \
    '{' \
    '  "Version": "2012-10-17",' \
    '  "Statement": [' \
    '    {' \
    '      "Effect": "Allow",' \
    '      "Action": ["s3:ListBucket", "s3:ListBucketMultipartUploads", "s3:GetBucketLocation"],' \
    "      \"Resource\": [\"arn:aws:s3:::${S3_BUCKET}\", \"arn:aws:s3:::${S3_PUBLIC_BUCKET}\"]" \
    '    },' \
    '    {' \
    '      "Effect": "Allow",' \
    '      "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload", "s3:ListMultipartUploadParts"],' \
    "      \"Resource\": [\"arn:aws:s3:::${S3_BUCKET}/*\", \"arn:aws:s3:::${S3_PUBLIC_BUCKET}/*\"]" \
    '    }' \
    '  ]' \
    '}'
}

if [ "${1:-}" = "--print-policy" ]; then
  policy
  exit 0
fi

: "${MINIO_ROOT_USER:?set MINIO_ROOT_USER in .env.storage-admin}" "${MINIO_ROOT_PASSWORD:?set MINIO_ROOT_PASSWORD in .env.storage-admin}"
: "${S3_ACCESS_KEY_ID:?set S3_ACCESS_KEY_ID}" "${S3_SECRET_ACCESS_KEY:?set S3_SECRET_ACCESS_KEY}"
if [ "$S3_ACCESS_KEY_ID" = "$MINIO_ROOT_USER" ]; then
  echo "storage-init: S3_ACCESS_KEY_ID must be the shop's own user, not MinIO's root user" >&2
  exit 1
fi

mc alias set store http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null
mc mb --ignore-existing "store/$S3_BUCKET" "store/$S3_PUBLIC_BUCKET"
policy > /tmp/shop-storage-policy.json
mc admin policy create store shop-storage /tmp/shop-storage-policy.json
mc admin user add store "$S3_ACCESS_KEY_ID" "$S3_SECRET_ACCESS_KEY"
# Attaching a policy the user already has is an error for mc: a second run checks it is there
# (with the shell alone: MinIO's client image carries few tools).
if ! mc admin policy attach store shop-storage --user "$S3_ACCESS_KEY_ID" 2>/dev/null; then
  case "$(mc admin user info store "$S3_ACCESS_KEY_ID")" in
    *shop-storage*) ;;
    *) echo "storage-init: could not give $S3_ACCESS_KEY_ID the shop-storage policy" >&2 && exit 1 ;;
  esac
fi
echo "storage-init: buckets $S3_BUCKET and $S3_PUBLIC_BUCKET, user $S3_ACCESS_KEY_ID limited to them"
