// `node:path` as POSIX has it: the paths in memory are POSIX paths. The worker has no `process`: relative paths
// resolve against the folder of the edited files, the working directory of the commands it stands in for.
import path from "path-browserify";
import { WORK_FOLDER } from "../protocol.js";

const fromRoot = path.resolve;
// Set on the module itself: its other functions (relative) call it there.
path.resolve = (...paths: string[]): string => fromRoot(WORK_FOLDER, ...paths);

export default path;
export const posix = path;
export const { basename, dirname, extname, isAbsolute, join, normalize, relative, resolve, sep } = path;
