/** The Cache Storage name the job pages' service worker and the page itself both fill (job-pwa.ts). */
export const JOB_CACHE = "vms-jobs-v1";
