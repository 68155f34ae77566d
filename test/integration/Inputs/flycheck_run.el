;; Runs flycheck for real on one file, in `emacs --batch' (which loads
;; Debian's site-start, so the elpa-flycheck package is found), after the
;; init file under test ($INIT_EL); prints the buffer's errors, one
;; "line:level: message" per line. $CHECK_FILE is the file.
(package-initialize)
(require 'flycheck)
(load (getenv "INIT_EL"))
(find-file (getenv "CHECK_FILE"))
(c++-mode)
(flycheck-mode 1)
(flycheck-select-checker 'llvmown)
(flycheck-buffer)
;; The checker runs as a process; wait for it (60 s at most).
(let ((n 0))
  (while (and (< n 600) (flycheck-running-p))
    (accept-process-output nil 0.1)
    (setq n (1+ n))))
(dolist (e flycheck-current-errors)
  (princ (format "%d:%s: %s\n" (flycheck-error-line e) (flycheck-error-level e)
                 (flycheck-error-message e))))
