// The modules generated programs import (AWS SDK v3, Node's fs), named once. Named here as text so the core,
// which only writes these programs and never runs them, imports none of them itself.
export const SDK_CLIENT = '@aws-sdk/client-dynamodb';
export const SDK_LIB = '@aws-sdk/lib-dynamodb';
export const NODE_FS = 'node:fs';
