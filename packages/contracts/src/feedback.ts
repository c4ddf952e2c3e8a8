export const RECOMMEND_OPTIONS = ['yes', 'no', 'maybe'] as const;
export type Recommend = (typeof RECOMMEND_OPTIONS)[number];

/** The rating form's payload (docs/rules.md, "Forms"); every score is an integer 1-5. */
export interface CreateFeedbackRequest {
  jobId: string;
  rating: number;
  serviceQuality: number;
  responseTime: number;
  communication: number;
  value: number;
  comments: string;
  recommend: Recommend;
  improvements?: string;
  /**
   * The tracking token from the Rate link in our text message. Without it only the account
   * that created or proved the job may rate it.
   */
  token?: string;
}

export interface Feedback extends Required<Omit<CreateFeedbackRequest, 'improvements' | 'token'>> {
  id: number;
  improvements: string | null;
  createdAt: string;
}

export interface FeedbackResponse {
  feedback: Feedback;
}

/** One answer for a job that does not exist and for one the caller has not proved: no existence oracle. */
export const FEEDBACK_NOT_YOURS = 'Use the Rate link from our text message, or sign in to the account that booked the job';
