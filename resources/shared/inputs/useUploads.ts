import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { Upload } from '../../../domain/upload';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { isCancellation, problemBeforeUpload, uploadProblemOf, type UploadProblem } from './uploadErrors';

/** A file on its way to the server: `progress` is the fraction sent (0 to 1). */
export interface UploadTask {
  key: string;
  fileName: string;
  progress: number;
}

/** A file the server (or the size check before sending) refused, kept until the user dismisses it. */
export interface UploadFailure {
  key: string;
  fileName: string;
  problem: UploadProblem;
}

let lastTaskNumber = 0;
const nextTaskKey = () => `upload-${++lastTaskNumber}`;

/**
 * Uploads through `dataProvider.upload`, several at once, with the progress of each and the failures to
 * show. Leaving the form cancels what is still on its way. The form's values are never touched here: the
 * caller decides what a finished upload changes, so a refusal loses nothing the user entered.
 */
export const useUploads = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [tasks, setTasks] = useState<UploadTask[]>([]);
  const [failures, setFailures] = useState<UploadFailure[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const fail = useCallback((key: string, fileName: string, problem: UploadProblem) => {
    setFailures((current) => [...current, { key, fileName, problem }]);
  }, []);

  const uploadFile = useCallback(
    async (file: File): Promise<Upload | null> => {
      const key = nextTaskKey();
      const problem = problemBeforeUpload(file);
      if (problem) {
        fail(key, file.name, problem);
        return null;
      }
      const controller = new AbortController();
      controllers.current.set(key, controller);
      setTasks((current) => [...current, { key, fileName: file.name, progress: 0 }]);
      const onProgress = (progress: number) =>
        setTasks((current) => current.map((task) => (task.key === key ? { ...task, progress } : task)));
      try {
        return await dataProvider.upload(file, { onProgress, signal: controller.signal });
      } catch (error) {
        if (!isCancellation(error)) fail(key, file.name, uploadProblemOf(error));
        return null;
      } finally {
        controllers.current.delete(key);
        setTasks((current) => current.filter((task) => task.key !== key));
      }
    },
    [dataProvider, fail],
  );

  const dismissFailure = useCallback(
    (key: string) => setFailures((current) => current.filter((failure) => failure.key !== key)),
    [],
  );
  const clearFailures = useCallback(() => setFailures([]), []);

  return { tasks, failures, uploadFile, dismissFailure, clearFailures };
};
