// odds serve: leave unfilled fields out of the question's URL, so a link
// holds only what was asked.
document.getElementById("question")?.addEventListener("submit", function () {
  for (const el of this.elements) {
    if ((el.tagName === "INPUT" || el.tagName === "SELECT") && el.value === "") {
      el.disabled = true;
    }
  }
});
