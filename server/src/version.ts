/**
 * graphreq's version: package.json's, the one version of the npm package and the VS Code extension
 * (CHANGELOG.md). Imported by name so the bundles carry this one field, not the whole manifest.
 */
import { version as packageVersion } from '../../package.json';

export const version: string = packageVersion;
