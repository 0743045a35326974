#include "serve/layout.h"

#include "report/html.h"
#include "report/html_builder.h"

namespace speedlab::serve {

namespace {
constexpr const char* kSiteCss =
    "nav.site{display:flex;gap:18px;align-items:baseline;border-bottom:1px solid #d8e0ea;"
    "padding:0 0 8px;margin:-8px 0 12px;flex-wrap:wrap}nav.site a{text-decoration:none;"
    "color:#1f4f8a}nav.site a.here{font-weight:600;color:#222}nav.site .brand{font-weight:700;"
    "color:#222}\n"
    "form.filters{display:flex;flex-wrap:wrap;gap:8px 14px;align-items:end;margin:8px 0;"
    "background:#f7f9fc;border:1px solid #d8e0ea;border-radius:6px;padding:8px 12px}"
    "form.filters label{display:flex;flex-direction:column;font-size:12px;color:#444}"
    "form.filters input,form.filters select{font:inherit;padding:2px 4px;min-width:7em}\n"
    "table.list td,table.list th{text-align:left}table.list td.n{text-align:right}"
    "table.list td.label{max-width:28em;overflow-wrap:anywhere}"
    ".wide table.list td.wrap{white-space:normal;overflow-wrap:anywhere;min-width:8em}"
    "td.wrap span{white-space:nowrap}\n"
    "pre.source{font-size:12px;line-height:1.35;background:#fbfbfb;border:1px solid #e3e3e3;"
    "padding:6px 0;overflow-x:auto;max-width:100%}pre.source span{display:block;"
    "padding:0 8px;white-space:pre}pre.source span.used{background:#fff3bf}"
    "pre.source span::before{content:attr(data-n);display:inline-block;width:4em;color:#999;"
    "user-select:none}\n"
    "code.cli{display:block;background:#f3f3f3;padding:6px 10px;border-radius:4px;"
    "overflow-x:auto;white-space:pre}p.pages a{margin-right:12px}span.step{color:#b0361f;"
    "font-weight:600}td.changed{background:#fff3bf}\n";
}  // namespace

std::string layout(const Links& links, std::string_view title, Section current,
                   const std::string& body) {
    report::Html page;
    page.add(report::Html::trusted("<!DOCTYPE html>\n"))
        .open("html", {{"lang", "en"}})
        .open("head")
        .open("meta", {{"charset", "utf-8"}})
        .open("meta", {{"name", "viewport"}, {"content", "width=device-width, initial-scale=1"}})
        .element("title", std::string(title) + " · speedlab")
        .open("link", {{"rel", "icon"}, {"href", links.favicon()}})
        .element("style", report::Html::trusted(report::report_css() + kSiteCss))
        .close("head")
        .open("body")
        .open("nav", {{"class", "site"}})
        .element("span", "speedlab", {{"class", "brand"}});
    struct Tab {
        Section section;
        std::string href;
        const char* name;
    };
    for (const Tab& t : {Tab{Section::runs, links.runs(), "Runs"},
                         Tab{Section::machines, links.machines(), "Machines"},
                         Tab{Section::reference, links.reference(), "Reference"}}) {
        report::Attributes a{{"href", t.href}};
        if (t.section == current) a.emplace_back("class", "here");
        page.element("a", t.name, a);
    }
    page.close("nav").element("h1", title).text("\n").add(report::Html::trusted(body));
    return page.close("body").close("html").str() + "\n";
}

}  // namespace speedlab::serve
