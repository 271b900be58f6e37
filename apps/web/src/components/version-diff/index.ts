export { VersionDiffView } from './version-diff-view';
