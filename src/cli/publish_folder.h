#pragma once
// The folder `speedlab publish` writes, reached through descriptors so that a
// symlink planted inside it is never followed: files are read with
// O_NOFOLLOW, replaced by renaming a fresh temporary (O_EXCL|O_NOFOLLOW) made
// beside them, removed only when regular; a symlinked sub-folder is refused.
// The folder itself is opened once by the name the user gave (which may be a
// symlink: the user chose it), so swapping it later changes nothing.
#include <map>
#include <optional>
#include <string>

namespace speedlab::cli {

class PublishFolder {
  public:
    enum class Kind { none, file, folder, link, other };

    // Opens DIR, creating it (and its parents) if needed. Here failures throw
    // speedlab::Error (io) naming the path and why.
    static PublishFolder open(const std::string& dir);
    PublishFolder(PublishFolder&& other) noexcept;
    PublishFolder& operator=(PublishFolder&&) = delete;
    PublishFolder(const PublishFolder&) = delete;
    ~PublishFolder();

    const std::string& name() const { return name_; }
    // What PATH ("index.html", "run/5.html") is, never following a symlink.
    Kind kind(const std::string& path) const;
    bool empty() const;
    // The sub-folder NAME, made if missing; a symlink or a file there is refused.
    void make_folder(const std::string& name);
    // A regular file's content, at most LIMIT bytes + 1; nullopt for anything else.
    std::optional<std::string> read(const std::string& path, size_t limit) const;
    // PATH now holds CONTENT, whole or not at all (whatever was there, a symlink
    // included, is replaced, never written through).
    void replace(const std::string& path, const std::string& content);
    // Removes PATH if it is a regular file; true when it did.
    bool remove_file(const std::string& path);

  private:
    explicit PublishFolder(std::string name, int fd) : name_(std::move(name)), fd_(fd) {}
    // The folder holding PATH and PATH's last part; -1 when it cannot be reached.
    int parent(const std::string& path, std::string& leaf) const;

    std::string name_;
    int fd_ = -1;
    mutable std::map<std::string, int> folders_;  // sub-folders opened (O_NOFOLLOW)
};

}  // namespace speedlab::cli
